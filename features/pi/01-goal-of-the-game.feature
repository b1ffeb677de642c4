Feature: Goal of the game
  Transcribes "Goal of the game" [But du jeu], ¶1-7 of pi.fr.txt: in each
  round every player works on a case of their own (a culprit, a place and a
  crime), no element belongs to two cases, and a game is three rounds that do
  not depend on one another.  The text says nothing of how a round is set up;
  the set-up below follows the published descriptions of the boxed game
  (case decks, tiles, nine face-up evidence cards), each step a ruling.

  Players are named by colour, seated in the order listed; play passes to the
  left, and the player to your left is the next one listed (see "How a turn
  runs").  "Red's case" is the case Red has to solve; the case cards of it are
  held by the player to Red's right.

  @PI-GOAL-01
  Rule: In every round each player has exactly one case to solve, made of one culprit, one place and one crime
    Source: Goal of the game [But du jeu] ¶2-5

    @setup
    Example: after the set-up every player has a culprit, a place and a crime to find
      Given a game of Red, Blue and Green
      Then every player's case is one suspect, one location and one crime

    Example: a state in which Blue's case lacks its crime cannot be loaded
      Given a game of Red, Blue and Green
      When a copy of the game in which Blue's case has no crime is loaded
      Then the request is refused as bad_request

  @PI-GOAL-02
  Rule: No suspect, location or crime belongs to two cases of the same round
    Source: Goal of the game [But du jeu] ¶6

    @setup
    Example: a card drawn into one case is not offered for the next
      Given a game of Red and Blue whose cases are being drawn
      And Blue's case is Vera Lane, Skid Row and Murder
      Then chance draws Red's culprit from 11 suspects, each as likely, never Vera Lane

    Example: a state in which two cases share a crime cannot be loaded
      Given a game of Red, Blue and Green
      When a copy of the game in which Red's and Blue's cases share Murder is loaded
      Then the request is refused as bad_request

  @PI-GOAL-03 @ruling @setup
  Rule: Each player secretly draws one suspect, one location and one crime from the three case decks; these are the case of the player to their left
    The text never says where a case comes from, only (¶35) that you know the
    case of your left neighbour.  Following the boxed game, each player, in
    turn from the round's first player, draws one card from each case deck
    (12 suspects, 14 locations, 10 crimes: see rules.py) for their left
    neighbour.  Only the drawer sees the card.
    Source: Goal of the game [But du jeu] ¶2-6

    Example: Red draws first, for Blue, and nobody else sees the card
      Given a game of Red, Blue and Green whose cases are being drawn
      Then chance draws Blue's culprit from 12 suspects, each as likely
      When chance draws Vera Lane
      Then only Red sees Vera Lane

    Example: in round 2 Blue, who begins it, draws first, for Green
      Given a game of Red, Blue and Green in round 2 whose cases are being drawn
      Then chance draws Green's culprit from 12 suspects, each as likely

    Example: once Red has drawn three cards, Blue draws for Green
      Given a game of Red, Blue and Green whose cases are being drawn
      When chance draws Vera Lane
      And chance draws Skid Row
      And chance draws Murder
      Then chance draws Green's culprit from 11 suspects, each as likely, never Vera Lane

  @PI-GOAL-04 @ruling
  Rule: A round is set up by seeding the tiles onto the locations, then drawing the cases, then turning nine evidence cards face up; then the round's first player takes the first turn
    The text has no set-up section.  We take the order of the boxed game's
    description: board, cases, evidence cards.  Every tile, case card and
    evidence card comes from chance, one at a time, so any implementation can
    be driven to the same table.
    Source: Goal of the game [But du jeu] ¶2-7

    @setup
    Example: a new game begins with chance seeding a suspect tile
      When a new game of Red and Blue is started
      Then chance seeds a suspect tile on Harbour Front from 13 different tiles
      And nobody may act but chance

    Example: when the ninth evidence card is face up, the first player plays
      Given a game of Red and Blue whose evidence cards are being turned up
      When chance turns up 9 evidence cards
      Then it is Red's turn
      And 9 evidence cards lie face up

  @PI-GOAL-05
  Rule: A game is three rounds, each played from a fresh set-up; only points, penalties and the detectives left carry over from one round to the next
    Source: Goal of the game [But du jeu] ¶7

    Example: the end of round 1 clears the board but keeps points, penalties and detectives
      Given a game of Red and Blue
      And it is Blue's turn in turn 2
      And Red has scored 7 points this round with 1 penalty and 3 detectives left
      And Red has solved their case in turn 2
      And a detective of Blue stands on Skid Row
      And Blue has 4 detectives left
      When Blue places a detective on Union Square
      Then round 2 begins
      And no detective, disc, cube or taken evidence card is left from round 1
      And Red has 7 points, 1 penalty and 3 detectives left
      And Blue has 0 points, 0 penalties and 3 detectives left

    Example: the end of round 3 ends the game; there is no fourth round
      Given a game of Red and Blue in round 3
      And it is Blue's turn in turn 1
      And Red has solved their case in turn 1
      When Blue places a detective on Union Square
      Then the game is over

    Example: in round 3 play passes on as usual while two players have not solved
      Given a game of Red and Blue in round 3
      When Red places a detective on Union Square
      Then it is Blue's turn
      And it is still round 3

  @PI-GOAL-06 @ruling @setup
  Rule: Two to five players take part, each under a different colour: Red, Blue, Green, Yellow or Purple
    The text assumes the box's player count (2 to 5); the colours are our
    names for the players.
    Source: Goal of the game [But du jeu] ¶2

    @setup
    Example: five players may sit down
      When a new game of Red, Blue, Green, Yellow and Purple is started
      Then chance seeds a suspect tile on Harbour Front from 13 different tiles

    Example: one player alone may not
      When a new game of Red is requested
      Then the request is refused as bad_request

    Example: six players may not
      When a new game of Red, Blue, Green, Yellow, Purple and Black is requested
      Then the request is refused as bad_request

    Example: a colour may not sit twice
      When a new game of Red, Blue and Red is requested
      Then the request is refused as bad_request
