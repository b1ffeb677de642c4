Feature: Game setup
  Transcribes the rulebook section "Game Setup" ("Setting Up the Game" and
  "Components Not Used Without the App"). The shuffles of the set-up are chance
  moves played right after a new game starts.

  @FD-SET-01
  Rule: The difficulty level from 1 to 5 is the start space of all four hazard indicators
    Source: Game Setup ¶14

    @setup
    Scenario Outline: indicators start on the difficulty
      Given a new 3-player game at difficulty <level>
      When the deal is completed
      Then every hazard indicator stands on space <level>

      Examples:
        | level |
        | 1     |
        | 2     |
        | 3     |
        | 4     |
        | 5     |

    @setup
    Example: there is no difficulty 6
      Then starting a game for 2 players at difficulty 6 is refused as bad_request

  @FD-SET-02 @setup
  Rule: Every player's figure starts on the Central Office; with fewer than four players the unused figures stay in the box
    Source: Game Setup ¶17

    Example: three players bring three figures
      Given a 3-player game at difficulty 2
      Then 3 figures stand on "Zentrale"

    Example: two players bring two figures
      Given a 2-player game at difficulty 2
      Then 2 figures stand on "Zentrale"

  @FD-SET-03 @setup
  Rule: The 28 event tokens are shuffled and laid face up, one on each exclamation space of the hazard tracks
    Source: Game Setup ¶18

    Example: the deal starts with the event tokens, and every one ends face up
      Given a new 4-player game at difficulty 1
      Then chance is to place an event token
      When the deal is completed
      Then 28 event tokens lie face up on the hazard tracks

  @FD-SET-04 @setup
  Rule: The 6 obstacle tokens wait face down beside the board
    Source: Game Setup ¶19

    Example: all six obstacle tokens are beside the board, none on it
      Given a 2-player game at difficulty 1
      Then 6 obstacle tokens lie face down beside the board
      And no obstacle lies on the board

  @FD-SET-05 @setup
  Rule: The 9 person cards, six suspects and three helpers, are shuffled and one lies face down on every location except the Central Office
    Source: Game Setup ¶20
    See also: FD-SET-08

    Example: nine locations, each with one hidden person
      Given a 2-player game at difficulty 1
      Then every location but "Zentrale" holds a face-down person card and a face-down clue card
      And the person cards on the board are the six suspects and the three helpers
      And no view shows a face-down card

  @FD-SET-08 @ruling @setup
  Rule: At the start one clue card lies face down on every location except the Central Office
    Source: Game Setup ¶12; Game Sequence ¶44; End of the Game ¶75
    Our text of the set-up never says how the clue cards reach the board.  It
    later speaks of the clue card on a location (action a), of drawing a new
    one onto the place a matched clue leaves free, and of the one clue slid
    under the suspect track at the start; the published game lays one clue
    face down beside each person card.  So do we: nine clues, one on each
    location where a person lies.

    Example: nine locations, each with one hidden clue
      Given a 2-player game at difficulty 1
      Then every location but "Zentrale" holds a face-down person card and a face-down clue card
      And no view shows a face-down card

    Example: the clues laid face down during the deal show nowhere, as they are laid
      Given a new 2-player game at difficulty 1
      When the deal is completed
      Then every location but "Zentrale" holds a face-down person card and a face-down clue card
      And no view shows a face-down card

  @FD-SET-06 @setup
  Rule: One clue card is set aside unseen at the start; the others not on the board form the clue stack
    Source: Game Idea ¶6; End of the Game ¶75

    Example: one clue set aside, fourteen in the stack
      Given a 2-player game at difficulty 1
      Then one clue card is set aside unseen and 14 clue cards form the stack

    Example: the clue set aside during the deal shows nowhere, as it is set aside
      Given a new 2-player game at difficulty 1
      When the deal is completed
      Then one clue card is set aside unseen and 14 clue cards form the stack

  @FD-SET-07 @setup
  Rule: Without the app, the 24 clue cards with a silhouette and the 12 suspect chips stay in the box: the game's own 24 clue cards are used
    Source: Game Setup ¶21-24

    Example: 1 set aside, 9 on the board and 14 in the stack make 24
      Given a 2-player game at difficulty 1
      Then one clue card is set aside unseen and 14 clue cards form the stack
      And every location but "Zentrale" holds a face-down person card and a face-down clue card

  @FD-SET-09 @setup
  Rule: Of the 24 clue cards, the 23 not set aside come into play, and all 23 can be assigned to the suspects
    Source: Game Idea ¶6; Game Sequence ¶44
    See also: FD-SET-06, FD-IDEA-03

    Example: 9 on the board and 14 in the stack make the 23 in play
      Given a 2-player game at difficulty 1
      Then 23 clue cards are in play

    Example: once every clue but the one set aside is matched, the suspect track holds 23
      Given a 2-player game at difficulty 1
      And the clue "mask" is set aside
      And every clue but the one set aside lies face up on the suspect track
      Then the suspect track holds 23 clues
      And 23 clue cards are in play

  @FD-SET-10 @ruling
  Rule: With two or three players nothing changes but the figures left in the box; each player moves only their own figure
    Source: Game Setup ¶17
    The text says only that unused figures go back into the box; it gives no other change for fewer players, and
    no player running two figures.  So each player has one figure, turns go round the players who play, and a
    move moves the mover's figure alone.

    Example: Peter's move is his own figure's: Justus's stays where it stands
      Given a 2-player game at difficulty 1
      And Justus's figure stands on "Schrottplatz"
      And Peter has rolled "red" and 3
      And it is Peter's movement step on "Zentrale"
      When Peter moves to "Zentrale"
      Then Peter's figure stands on "Zentrale"
      And Justus's figure stands on "Schrottplatz"
      And it is Peter's action step

    Example: after Peter, the second of two, Justus plays again
      Given a 2-player game at difficulty 1
      And it is Peter's detective cards step on "Zentrale"
      When Peter ends the turn
      Then it is Justus's roll step
